import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const [,, email, path, out, width, lang] = process.argv;
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 }, locale: 'en-US' });
await page.goto('http://127.0.0.1:8199/login');
await page.getByRole('textbox', { name: /Email|Correo/ }).fill(email);
await page.getByRole('textbox', { name: /Password|Contraseña/ }).first().fill('tendwell-demo');
await page.getByRole('button', { name: /Log in|Iniciar/ }).click();
await page.waitForTimeout(2500);
if (lang === 'es') { const b = page.getByRole('button', { name: 'Español' }); if (await b.count()) await b.click(); await page.waitForTimeout(1000); }
await page.goto('http://127.0.0.1:8199' + path);
await page.waitForTimeout(2500);
const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
console.log(out, 'overflow', overflow);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
