import css from './public-ui.module.css';

/**
 * antd's large Spin drawn with CSS, for places that must not load antd (the root guard's fallback while a
 * page chunk loads, which the login page shows first).
 */
export function PlainSpinner() {
  return (
    <div className={css.spinnerBox} role="status" aria-busy="true">
      <span className={css.spinner}>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
