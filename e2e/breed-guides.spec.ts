import { breedGuideWords as w } from '../packages/domain/src/breed-guide-words.js';
import { BREED_GUIDES, broilerGuideAt } from '../packages/domain/src/breed-guides.js';
import { apiLogin, apiPost, expect, farmToday, openFlockDetails, scrollToChart, shot, test } from './fixtures.js';

// A flock against its breed guide (decision 073) in the 'Feed and cost' section of its details:
// a laying flock's week in words beside Hy-Line Brown's, its charts and their tables; a broiler
// batch's weighing beside Cobb 500's.

test.describe('breed guides', () => {
  test('a laying flock’s week and a broiler batch’s weighing read against their guides', async ({ signedInPage: page, request, account }) => {
    const suffix = Date.now().toString(36);
    const layers = `Layers ${suffix}`;
    const batch = `Broilers ${suffix}`;
    const post = apiPost(request, await apiLogin(request, account));
    const today = farmToday();

    // 500 hens in their 30th week: 400 eggs today and a 70 kg bag given, 140 g a bird.
    const flock = await post('/api/flocks', { name: layers, breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' });
    const item = await post('/api/inventory', { item_name: `Layers mash ${suffix}`, flock_id: flock.id, kind: 'feed', quantity: 20, unit: 'bags', unit_weight_kg: 70, reorder_level: 5, cost_per_unit: 3500 });
    await post('/api/egg-productions', { flock_id: flock.id, date_produced: today, eggs_collected: 400 });
    await post(`/api/flocks/${flock.id}/feed`, { item_id: item.id, date: today, quantity: 1 });
    // A batch at 28 days weighed today: 20 birds, 30 kg.
    const broilers = await post('/api/flocks', { name: batch, breed: 'Broilers', age: 4, initial_bird_count: 1000, bird_count: 1000, status: 'active' });
    await post(`/api/flocks/${broilers.id}/weighings`, { date: today, birds: 20, total_kg: 30 });

    let overlay = await openFlockDetails(page, layers);
    const guide = overlay.getByRole('region', { name: w.title });
    await guide.scrollIntoViewIfNeeded();
    await expect(guide.getByText(w.summaryLayers(30, '80%', '95%', '140 g', '113 g'))).toBeVisible();
    await expect(guide.getByText(w.note('Hy-Line Brown'))).toBeVisible();
    const henDay = guide.getByRole('img', { name: w.chartLabel(w.henDayTitle, 30, 30, '80%', '95%') });
    await scrollToChart(henDay);
    await expect(henDay).toBeVisible();
    await expect(guide.getByRole('table', { name: w.feedTitle }).getByRole('row').nth(1)).toContainText('140 g');
    await shot(page, 'breed-guides-layers');

    overlay = await openFlockDetails(page, batch);
    const atDay28 = broilerGuideAt(BREED_GUIDES['cobb-500'], 28);
    const broilerGuide = overlay.getByRole('region', { name: w.title });
    await broilerGuide.scrollIntoViewIfNeeded();
    // No feed recorded: the batch's FCR is '—', never 0.
    await expect(broilerGuide.getByText(w.summaryBroilers(4, '1.5 kg', `${atDay28?.weightKg} kg`, '—', String(atDay28?.feedConversionRatio)))).toBeVisible();
    await shot(page, 'breed-guides-broilers');
  });
});
