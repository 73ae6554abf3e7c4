import { describe, expect, it, vi } from 'vitest';
import { confirmSend } from './form-modal';

/** A stand-in for antd's modal API: what confirm was given, for the test to press OK and close. */
function fakeModal() {
  const given: { onOk?: () => Promise<unknown>; afterClose?: () => void }[] = [];
  const modal = { confirm: (config: (typeof given)[number]) => given.push(config) };
  return { modal: modal as unknown as Parameters<typeof confirmSend>[0], given };
}

describe('confirmSend', () => {
  it('hands a refusal over only once the confirmation has closed', async () => {
    const { modal, given } = fakeModal();
    const refused = new Error('refused');
    const onRefused = vi.fn();
    confirmSend(modal, { title: 'Send?', send: () => Promise.reject(refused), onRefused });
    await given[0]?.onOk?.();
    expect(onRefused).not.toHaveBeenCalled();
    given[0]?.afterClose?.();
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(refused);
  });

  it('says nothing after a send that went through, or a cancel', async () => {
    const { modal, given } = fakeModal();
    const onRefused = vi.fn();
    const afterClose = vi.fn();
    confirmSend(modal, { send: () => Promise.resolve('sent'), onRefused, afterClose });
    await given[0]?.onOk?.();
    given[0]?.afterClose?.();
    confirmSend(modal, { send: () => Promise.reject(new Error('x')), onRefused });
    given[1]?.afterClose?.();
    expect(onRefused).not.toHaveBeenCalled();
    expect(afterClose).toHaveBeenCalledOnce();
  });
});
