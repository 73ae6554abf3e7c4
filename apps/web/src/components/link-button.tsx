import { Button, type ButtonProps } from 'antd';
import { type To, useHref, useLinkClickHandler } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href' | 'target' | 'onClick' | 'htmlType'> & {
  /** A page of the app (`paths.x.to(...)`), resolved under the router's basename as a `Link` resolves it. */
  to: To;
};

/**
 * A link that looks like a button: one element and one Tab stop for one action, never a button inside a link.
 * A plain click moves within the app through the router; a middle click or a click with a modifier key opens
 * the page as any link does (a new tab or window). Disabled, it has no address and goes nowhere (antd drops the
 * href, takes it out of the Tab order and marks it aria-disabled).
 */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  const href = useHref(to);
  const navigateOnClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...props} href={href} onClick={navigateOnClick} />;
}
