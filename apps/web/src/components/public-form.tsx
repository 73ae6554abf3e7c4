import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useCallback,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../lib/i18n';
import css from './public-ui.module.css';

/*
 * Plain form pieces for the public pages that must not load antd (the login page's first load stays small).
 * They copy the antd look: vertical labels, 32px inputs, red text under an invalid field, block primary
 * button, alert box. Icon paths are antd's (@ant-design/icons-svg).
 */

const ICONS = {
  eye: [
    'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z',
  ],
  eyeInvisible: [
    'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z',
    'M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
  ],
  error: [
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
  ],
  success: [
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z',
  ],
  info: [
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm32 664c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V456c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272zm-32-344a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  ],
  loading: [
    'M988 548c-19.9 0-36-16.1-36-36 0-59.4-11.6-117-34.6-171.3a440.45 440.45 0 00-94.3-139.9 437.71 437.71 0 00-139.9-94.3C629 83.6 571.4 72 512 72c-19.9 0-36-16.1-36-36s16.1-36 36-36c69.1 0 136.2 13.5 199.3 40.3C772.3 66 827 103 874 150c47 47 83.9 101.8 109.7 162.7 26.7 63.1 40.2 130.2 40.2 199.3.1 19.9-16 36-35.9 36z',
  ],
} as const;

function Icon({ name, className }: { name: keyof typeof ICONS; className?: string }) {
  return (
    <svg
      className={className ? `${css.icon} ${className}` : css.icon}
      viewBox={name === 'loading' ? '0 0 1024 1024' : '64 64 896 896'}
      fillRule={name === 'error' ? 'evenodd' : undefined}
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** antd Alert look (showIcon, title only). */
export function PlainAlert({
  type,
  children,
  ...rest
}: {
  type: 'error' | 'success' | 'info';
  children: ReactNode;
  'data-testid'?: string;
}) {
  const tone = { error: css.alertError, success: css.alertSuccess, info: css.alertInfo }[type];
  return (
    <div role="alert" className={`${css.alert} ${tone}`} data-testid={rest['data-testid']}>
      <span className={css.alertIcon}>
        <Icon name={type} />
      </span>
      <div>{children}</div>
    </div>
  );
}

/** Block primary button; disabled (with antd's loading icon) while `loading`, so a form cannot go twice. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={css.primary} disabled={loading} aria-busy={loading}>
      {loading && <Icon name="loading" className={css.spinIcon} />}
      <span>{children}</span>
    </button>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'onBlur'>;

/** One labelled field: label above, input, error code (translated) below. */
export function TextField({
  field,
  label,
  password = false,
  ...inputProps
}: {
  field: FieldBinding;
  label: ReactNode;
  password?: boolean;
} & InputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { id, error, inputRef, value, onChange, onBlur } = field;
  const errorId = `${id}-error`;
  const input = (
    <input
      {...inputProps}
      ref={inputRef}
      id={id}
      name={id}
      className={password ? undefined : css.input}
      type={password ? (visible ? 'text' : 'password') : (inputProps.type ?? 'text')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    />
  );
  return (
    <div className={error ? `${css.field} ${css.fieldWithError}` : css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {password ? (
        <span className={css.affix}>
          {input}
          <button
            type="button"
            className={css.eye}
            aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword')}
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? 'eye' : 'eyeInvisible'} />
          </button>
        </span>
      ) : (
        input
      )}
      {error && (
        <div id={errorId} className={css.error}>
          {messageText(t, error)}
        </div>
      )}
    </div>
  );
}

/** What TextField needs from usePlainForm for one field. */
export interface FieldBinding {
  id: string;
  value: string;
  /** Message code of the field's error, translated when shown (so a language switch re-translates it). */
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** Returns the field's error code, or null when the value is valid. May load its schema first. */
export type FieldValidator<V> = (name: keyof V & string, value: string, values: V) => Promise<string | null>;

/**
 * Form state for plain inputs. A field is checked once touched (changed, then on every change and on
 * blur) and all of them on submit, which focuses the first invalid field. `onSubmit` runs once at a time.
 */
export function usePlainForm<V extends Record<string, string>>(
  initial: V,
  validate: FieldValidator<V>,
): {
  field: (name: keyof V & string) => FieldBinding;
  values: V;
  onSubmit: (submit: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => void;
} {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string | null>>>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const touched = useRef(new Set<string>());
  const runs = useRef(new Map<string, number>());
  const refs = useRef(new Map<string, RefObject<HTMLInputElement | null>>());
  const submitting = useRef(false);

  /** Checks one field; a check overtaken by a newer one for the same field is dropped. */
  const check = useCallback(
    async (name: keyof V & string, current: V): Promise<string | null> => {
      const run = (runs.current.get(name) ?? 0) + 1;
      runs.current.set(name, run);
      const code = await validate(name, current[name] ?? '', current);
      if (runs.current.get(name) === run) setErrors((prev) => ({ ...prev, [name]: code }));
      return code;
    },
    [validate],
  );

  const field = (name: keyof V & string): FieldBinding => {
    let inputRef = refs.current.get(name);
    if (!inputRef) {
      inputRef = { current: null };
      refs.current.set(name, inputRef);
    }
    return {
      id: name,
      value: values[name] ?? '',
      error: errors[name] ?? null,
      inputRef,
      onChange: (value) => {
        const next = { ...valuesRef.current, [name]: value };
        valuesRef.current = next;
        setValues(next);
        touched.current.add(name);
        void check(name, next);
      },
      onBlur: () => {
        if (touched.current.has(name)) void check(name, valuesRef.current);
      },
    };
  };

  const onSubmit = (submit: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    const current = valuesRef.current;
    const names = Object.keys(initial) as (keyof V & string)[];
    for (const name of names) touched.current.add(name);
    void Promise.all(names.map((name) => check(name, current)))
      .then((codes) => {
        const firstInvalid = names.find((_, i) => codes[i]);
        if (firstInvalid) refs.current.get(firstInvalid)?.current?.focus();
        else submit(current);
      })
      .finally(() => {
        submitting.current = false;
      });
  };

  return { field, values, onSubmit };
}
