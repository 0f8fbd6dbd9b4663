import type { Page } from '@playwright/test';
import { expect, paths, shot, test } from './fixtures.js';

// docs/product.md §2 (the header's picture and username; the profile's picture), §7 POST
// /auth/update-profile-picture (compressed first, quality 0.6), §8 the picture's messages.

const PICTURE_URL = /^\/api\/profile-pictures\/\d+\/[0-9a-f-]{36}\.webp$/;

/** A phone photo's worth of JPEG (1600×1200, a gradient with a sun), drawn and encoded by the browser itself. */
async function photo(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1600, 1200);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const sky = ctx.createLinearGradient(0, 0, 0, 1200);
    sky.addColorStop(0, '#1c7ed6');
    sky.addColorStop(1, '#ffd43b');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 1600, 1200);
    ctx.fillStyle = '#e8590c';
    ctx.beginPath();
    ctx.arc(800, 600, 300, 0, Math.PI * 2);
    ctx.fill();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  return Buffer.from(bytes);
}

/** Chooses a file through the visible 'Change picture' button, as a farmer does. */
async function choose(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change picture' }).click();
  await (await chooser).setFiles(file);
}

test.describe('/my-profile: the profile picture', () => {
  test('an uploaded picture shows on the profile and in the header at once, and after a reload', async ({ signedInPage: page, account }) => {
    await page.goto(paths.profile.getHref());
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    const header = page.getByRole('banner');
    // Initials until a picture is uploaded: no image in the header.
    await expect(header.getByRole('img', { name: account.username })).toHaveCount(0);

    const uploaded = page.waitForResponse((res) => res.url().endsWith('/api/auth/update-profile-picture'));
    await choose(page, { name: 'hens.jpg', mimeType: 'image/jpeg', buffer: await photo(page) });
    const upload = await uploaded;
    expect(upload.status()).toBe(200);
    // Compressed in the browser before it left: at most 1024 px a side, about 1 MB at most.
    expect(upload.request().postDataBuffer()?.length ?? Infinity).toBeLessThan(1024 * 1024 + 1024);
    await expect(page.getByText('Profile picture updated.')).toBeVisible();

    const avatar = header.getByRole('img', { name: account.username });
    await expect(avatar).toHaveAttribute('src', PICTURE_URL);
    const src = await avatar.getAttribute('src');
    // Loaded, not just named: the stored picture is a 512 px square.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    await expect(page.getByRole('img', { name: `${account.username}'s profile picture` })).toHaveAttribute('src', src ?? '');
    await shot(page, 'profile-picture');

    await page.reload();
    await expect(page.getByRole('banner').getByRole('img', { name: account.username })).toHaveAttribute('src', src ?? '');
  });

  test('a file that is not a picture is refused with the message and nothing changes', async ({ signedInPage: page, account }) => {
    await page.goto(paths.profile.getHref());
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    let uploads = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/update-profile-picture')) uploads += 1;
    });

    await choose(page, { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes, not a picture.\n') });

    await expect(page.getByText(/^Failed to compress image: .+/)).toBeVisible();
    expect(uploads).toBe(0);
    await expect(page.getByRole('banner').getByRole('img', { name: account.username })).toHaveCount(0);
    const me = await page.request.get('/api/auth/me', {
      headers: { Authorization: `Bearer ${await page.evaluate(() => window.localStorage.getItem('kuku.token'))}` },
    });
    expect(((await me.json()) as { profile_picture: string | null }).profile_picture).toBeNull();
  });
});
