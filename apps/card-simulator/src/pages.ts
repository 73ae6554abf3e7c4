import { isLuhnValid, isUnsafeText, TEST_CARDS } from './model';
import type { CardDetails } from './simulator';

export type Lang = 'ja' | 'en';
export const langOf = (value: unknown): Lang => (value === 'en' ? 'en' : 'ja');

const TEXT = {
  ja: {
    formTitle: 'カード情報の入力',
    colon: '：',
    amount: 'お支払い金額',
    number: 'カード番号',
    expiry: '有効期限（MM/YY）',
    cvc: 'セキュリティコード',
    name: 'カード名義人（ローマ字）',
    submit: '次へ進む',
    cancel: 'キャンセルして戻る',
    note: 'カード番号はこの決済代行サービスの外には送られません。',
    testCards: 'テスト用カード番号',
    errorTitle: 'エラー',
    badKey: '公開可能キーが正しくありません。',
    badReturnUrl: '戻り先URLが正しくありません（http または https のURLのみ）。',
    badAmount: '金額が正しくありません。',
    challengeTitle: '本人認証（3-Dセキュア）',
    password: 'パスワード',
    hint: 'テスト用パスワード：password',
    verify: '認証する',
    notFound: 'この決済は見つかりません。',
    errors: {
      number: 'カード番号が正しくありません。',
      expiry: '有効期限を MM/YY の形式で入力してください。',
      expiryPast: '有効期限が過ぎています。',
      cvc: 'セキュリティコードは3桁または4桁の数字で入力してください。',
      name: 'カード名義人を入力してください（100文字以内）。',
    },
    cardOutcomes: {
      success: '承認',
      three_d_secure: '3-Dセキュア認証が必要',
      insufficient_funds: '残高不足で拒否',
      expired_card: '有効期限切れで拒否',
      card_declined: 'カード会社により拒否',
      processing_error: '処理エラーで拒否',
      three_d_secure_failed: '',
    },
  },
  en: {
    formTitle: 'Card details',
    colon: ': ',
    amount: 'Amount to pay',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code',
    name: 'Name on card',
    submit: 'Continue',
    cancel: 'Cancel and go back',
    note: 'The card number never leaves this payment service.',
    testCards: 'Test card numbers',
    errorTitle: 'Error',
    badKey: 'The publishable key is not valid.',
    badReturnUrl: 'The return URL is not valid (http or https URLs only).',
    badAmount: 'The amount is not valid.',
    challengeTitle: 'Identity check (3-D Secure)',
    password: 'Password',
    hint: 'Test password: password',
    verify: 'Verify',
    notFound: 'This payment was not found.',
    errors: {
      number: 'The card number is not valid.',
      expiry: 'Enter the expiry as MM/YY.',
      expiryPast: 'The card has expired.',
      cvc: 'The security code is 3 or 4 digits.',
      name: 'Enter the name on the card (up to 100 characters).',
    },
    cardOutcomes: {
      success: 'approved',
      three_d_secure: '3-D Secure required',
      insufficient_funds: 'declined: insufficient funds',
      expired_card: 'declined: expired card',
      card_declined: 'declined by the issuer',
      processing_error: 'declined: processing error',
      three_d_secure_failed: '',
    },
  },
} as const;

export type FormField = keyof (typeof TEXT)['ja']['errors'];

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function formatYen(amount: number, lang: Lang): string {
  const n = amount.toLocaleString('ja-JP');
  return lang === 'ja' ? `${n}円` : `¥${n} (JPY)`;
}

/** `return_url` with `name=value` added to its query. */
export function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,"Noto Sans JP","Hiragino Sans",sans-serif;background:#f3f5f7;color:#1f2328;line-height:1.5}
main{max-width:440px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 12px}
.amount{font-size:1.1rem;margin:0 0 16px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;font-size:1rem;padding:10px;border:1px solid #8c959f;border-radius:6px}
input:focus,button:focus,a:focus{outline:3px solid #0969da;outline-offset:2px}
input[aria-invalid=true]{border-color:#cf222e}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#cf222e;margin:4px 0 0;font-size:.9rem}
button{width:100%;margin-top:20px;font-size:1rem;padding:12px;border:0;border-radius:6px;background:#0969da;color:#fff;cursor:pointer}
.cancel{display:block;text-align:center;margin-top:12px}
.note,.hint{font-size:.85rem;color:#57606a}
details{margin-top:16px;font-size:.85rem}
table{border-collapse:collapse;width:100%}td{padding:2px 4px;border-bottom:1px solid #eaeef2;word-break:break-all}
`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main><div class="card">${body}</div></main></body>
</html>`;
}

export function errorPage(lang: Lang, message: keyof (typeof TEXT)['ja']): string {
  const t = TEXT[lang];
  return page(
    lang,
    t.errorTitle,
    `<h1>${t.errorTitle}</h1><p role="alert">${escapeHtml(String(t[message]))}</p>`,
  );
}

export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface CardFormContext {
  lang: Lang;
  key: string;
  returnUrl: string;
  amount: number | null;
}

function field(
  name: keyof CardFormValues,
  label: string,
  attrs: string,
  value: string,
  error: string | undefined,
): string {
  const errorId = `${name}-error`;
  return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attrs} required${
    error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>${error ? `<p class="error" id="${errorId}">${escapeHtml(error)}</p>` : ''}`;
}

export function cardFormPage(
  ctx: CardFormContext,
  values: CardFormValues = { number: '', expiry: '', cvc: '', name: '' },
  errors: Partial<Record<FormField, string>> = {},
): string {
  const t = TEXT[ctx.lang];
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const cards = Object.entries(TEST_CARDS)
    .map(([number, b]) => {
      const outcome = b.kind === 'decline' ? t.cardOutcomes[b.code] : t.cardOutcomes[b.kind];
      return `<tr><td>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</td><td>${outcome}</td></tr>`;
    })
    .join('');
  const summary = Object.keys(errors).length
    ? `<p class="error" role="alert">${Object.values(errors).map(escapeHtml).join('<br>')}</p>`
    : '';
  const body = `<h1>${t.formTitle}</h1>
${ctx.amount !== null ? `<p class="amount">${t.amount}${t.colon}<strong>${formatYen(ctx.amount, ctx.lang)}</strong></p>` : ''}
${summary}
<form method="post" action="/hosted/card-form" novalidate>
${hidden('key', ctx.key)}${hidden('return_url', ctx.returnUrl)}${hidden('lang', ctx.lang)}${
  ctx.amount !== null ? hidden('amount', String(ctx.amount)) : ''
}
${field('number', t.number, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"', values.number, errors.number)}
<div class="row"><div>
${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY"', values.expiry, errors.expiry)}
</div><div>
${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" type="password"', '', errors.cvc)}
</div></div>
${field('name', t.name, 'autocomplete="cc-name" maxlength="100" placeholder="TARO YAMADA"', values.name, errors.name)}
<button type="submit">${t.submit}</button>
</form>
<a class="cancel" href="${escapeHtml(withParam(ctx.returnUrl, 'card_cancelled', '1'))}">${t.cancel}</a>
<p class="note">${t.note}</p>
<details><summary>${t.testCards}</summary><table>${cards}</table></details>`;
  return page(ctx.lang, t.formTitle, body);
}

/** The year and month (1-12) in Japan at `now`. */
function japanYearMonth(now: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return { year: Number(parts.year), month: Number(parts.month) };
}

/**
 * Checks the form: a Luhn-valid number, an expiry MM/YY not before this month (Japan time; a card is valid to the
 * end of its month), a 3-4 digit code and a name. An expired *test* card passes here: it is declined at
 * authorisation, as a real issuer would.
 */
export function validateCardForm(
  values: CardFormValues,
  lang: Lang,
  now: Date,
):
  | { card: CardDetails; errors?: undefined }
  | { card?: undefined; errors: Partial<Record<FormField, string>> } {
  const t = TEXT[lang].errors;
  const errors: Partial<Record<FormField, string>> = {};
  const number = values.number.replace(/[\s-]/g, '');
  if (!isLuhnValid(number)) errors.number = t.number;
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(values.expiry.trim());
  let expMonth = 0;
  let expYear = 0;
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = t.expiry;
  else {
    expMonth = Number(m[1]);
    expYear = 2000 + Number(m[2]);
    const { year, month } = japanYearMonth(now);
    if (expYear < year || (expYear === year && expMonth < month)) errors.expiry = t.expiryPast;
  }
  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = t.cvc;
  const name = values.name.trim();
  if (!name || name.length > 100 || isUnsafeText(name)) errors.name = t.name;
  if (Object.keys(errors).length) return { errors };
  return { card: { number, expMonth, expYear, holderName: name } };
}

export function challengePage(lang: Lang, paymentId: string, amount: number): string {
  const t = TEXT[lang];
  const body = `<h1>${t.challengeTitle}</h1>
<p class="amount">${t.amount}${t.colon}<strong>${formatYen(amount, lang)}</strong></p>
<form method="post" action="/3ds/challenge/${encodeURIComponent(paymentId)}">
<input type="hidden" name="lang" value="${lang}">
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="one-time-code" required aria-describedby="hint">
<p class="hint" id="hint">${escapeHtml(t.hint)}</p>
<button type="submit">${t.verify}</button>
</form>`;
  return page(lang, t.challengeTitle, body);
}
