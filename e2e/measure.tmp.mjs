import { chromium } from 'playwright-core';
import Database from 'better-sqlite3';

const base = process.env.BASE ?? 'http://127.0.0.1:3231';
const dbFile = process.env.DBFILE;
const out = '/work/coord/shots/22';
const db = new Database(dbFile, { readonly: true });
const cls = db.prepare(`select c.hash, c.title from classes c where c.type_id in (30,40,50) and c.is_published=1 and c.is_tutorial=0 and (c.video_url is not null or c.youtube_url is not null) and exists (select 1 from exams e where e.class_id=c.id) order by c.release_at desc limit 1`).get();
const web = db.prepare(`select c.hash, c.title from classes c where c.type_id=20 and c.is_published=1 and c.capacity is null and c.release_at > strftime('%Y-%m-%dT%H:%M:%fZ','now','+1 hour') order by c.release_at limit 1`).get();
db.close();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
let n = 0;
for (const [name, viewport] of [['360', { width: 360, height: 780 }], ['1280', { width: 1280, height: 900 }]]) {
  const ctx = await browser.newContext({ viewport, baseURL: base });
  const page = await ctx.newPage();
  const u = `s${Date.now().toString(36)}${n++}`;
  const reg = await (await page.request.post('/api/register', { data: { s: null, jobTitle: 'Dentist', title: 'Dr.', firstname: 'Nina', lastname: 'Newcomer', officeName: 'Newcomer Dental', address: '1 Main Street', city: 'Albany', state: 'NY', zip: '12207', country: 'US', phone: '5185550100', isPhoneMobile: 'checked', email: `nina.${u}@example.test`, agdNumber: '', certYear: 2010, gender: 'F', ageRange: '35-44', officeSize: '1', sourceHeard: 'Other', username: `nina${u}`, password: 'secret1', password2: 'secret1' } })).json();
  const token = reg.token;
  await page.goto('/terms');
  await page.evaluate((t) => { localStorage.setItem('id_token', t); localStorage.setItem('student_name', 'Nina Newcomer'); localStorage.setItem('student_time_zone', 'America/Chicago'); localStorage.setItem('cookie_consent', '1'); document.cookie = `opence_session=${t};path=/;samesite=lax`; }, token);
  await page.request.get(`/api/class-view?c=${cls.hash}&s=${token}`);
  await page.request.get(`/api/reserve-seat?c=${web.hash}&s=${token}`);
  await page.goto('/home');
  await page.locator('.member-home-card').first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/tmp-${name}.png`, fullPage: false });
  const hs = await page.locator('.member-home-card').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  const hero = await page.locator('.hero').evaluate((e) => Math.round(e.getBoundingClientRect().top + window.scrollY));
  const sec = await page.locator('.member-home').evaluate((e) => Math.round(e.getBoundingClientRect().height));
  console.log(name, JSON.stringify(hs), 'hero', hero, 'section', sec);
  await page.route('**/api/member-home*', async (r) => { await new Promise((res) => setTimeout(res, 3000)); await r.continue(); });
  await page.reload();
  await page.locator('.member-home .skeleton').first().waitFor();
  const hs2 = await page.locator('.member-home-card').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  const hero2 = await page.locator('.hero').evaluate((e) => Math.round(e.getBoundingClientRect().top + window.scrollY));
  console.log(name, 'skeleton', JSON.stringify(hs2), 'hero', hero2);
  await ctx.close();
}
await browser.close();
console.log('shots done', cls.title, web.title);

