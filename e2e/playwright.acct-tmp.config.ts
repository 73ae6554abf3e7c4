import base from './playwright.config';
const origin = 'http://127.0.0.1:3504';
export default {
  ...base,
  globalSetup: undefined,
  globalTeardown: undefined,
  use: { ...base.use, baseURL: `${origin}/sys/` },
  webServer: {
    ...base.webServer,
    url: `${origin}/api/docs/json`,
    env: { ...(base.webServer as { env: Record<string, string> }).env, PORT: '3504', PUBLIC_URL: origin, SMTP_URL: '' },
  },
};
