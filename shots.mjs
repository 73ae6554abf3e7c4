import { chromium } from 'playwright-core';

const base = 'http://localhost:3400';
async function token(email) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234' }),
  });
  return (await r.json()).token;
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const shots = JSON.parse(process.argv[2]);
for (const s of shots) {
  const t = await token(s.user);
  const ctx = await browser.newContext({
    viewport: s.size === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 768 },
  });
  await ctx.addInitScript(
    ([tk, lang]) => {
      localStorage.setItem('junkan.token', tk);
      localStorage.setItem('junkan.tokenIssuedAt', String(Date.now()));
      localStorage.setItem('junkan.lastActivity', String(Date.now()));
      localStorage.setItem('junkan.lang', lang);
    },
    [t, s.lang ?? 'ja'],
  );
  const page = await ctx.newPage();
  await page.goto(`${base}/sys/${s.path}`);
  await page.waitForTimeout(1500);
  if (s.selectProject) {
    await page.getByLabel(s.lang === 'en' ? /project to bill/i : '請求する案件').click();
    await page.getByText(s.selectProject).last().click();
    await page.waitForTimeout(1500);
  }
  await page.screenshot({ path: `/tmp/shots/${s.name}.png`, fullPage: !!s.full });
  await ctx.close();
}
await browser.close();
