import type { Locator } from '@playwright/test';
import { birdSaleMessages, closeBatchMessages as m } from '../packages/domain/src/bird-sales-rules.js';
import { economicsWords as w } from '../packages/domain/src/economics-rules.js';
import { weighingMessages } from '../packages/domain/src/weighings-rules.js';
import { apiLogin, apiPost, expect, farmToday, joinedWorker, openFlockDetails, shot, signIn, test, type ApiPost } from './fixtures.js';

// Closing a broiler batch (docs/decisions/072-bird-sales-and-closing-a-batch.md): the owner weighs
// a sample, sells the birds left by the kg from the batch's details, reads its result (profit or
// loss) and finds it archived; a worker is offered no closing.

/** A broiler batch of 1,000 given a bag of feed (70 kg at Ksh 3,500) today: its costs so far. */
async function broilerBatch(post: ApiPost, name: string): Promise<number> {
  const flock = await post('/api/flocks', { name, breed: 'Broilers', age: 5, initial_bird_count: 1000, bird_count: 1000, status: 'growing' });
  const item = await post('/api/inventory', { item_name: `Broiler finisher ${name}`, flock_id: flock.id, kind: 'feed', quantity: 10, unit: 'bags', unit_weight_kg: 70, reorder_level: 2, cost_per_unit: 3500 });
  await post(`/api/flocks/${flock.id}/feed`, { item_id: item.id, date: farmToday(), quantity: 1 });
  return flock.id;
}

/** A figure of the result: the <dd> after its label's <dt>. */
const figure = (dialog: Locator, label: string) => dialog.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

const textbox = (dialog: Locator, label: string) => dialog.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });

test.describe('closing a broiler batch', () => {
  test('the owner weighs a sample, sells the batch by the kg, reads its profit and finds it archived', async ({ signedInPage: page, request, account }) => {
    const batch = `Broilers ${Date.now().toString(36)}`;
    await broilerBatch(apiPost(request, await apiLogin(request, account)), batch);

    // A sample of 20 birds weighing 42.1 kg: 2.105 kg a bird.
    const overlay = await openFlockDetails(page, batch);
    await overlay.getByRole('button', { name: weighingMessages.recordWeighing }).click();
    const weighing = page.getByRole('dialog', { name: weighingMessages.recordWeighing });
    await textbox(weighing, weighingMessages.birdsWeighed).fill('20');
    await textbox(weighing, 'Total weight (kg)').fill('42.1');
    await weighing.getByRole('button', { name: weighingMessages.save }).click();
    await expect(weighing).toBeHidden();

    await overlay.getByRole('button', { name: m.open }).click();
    const dialog = page.getByRole('dialog', { name: m.title });
    await expect(dialog.getByText(m.intro(1000, batch))).toBeVisible();
    await expect(dialog.getByLabel(m.dateLabel)).toHaveValue(farmToday());
    // The birds left × the weighing's average, offered.
    await expect(textbox(dialog, m.weightLabel)).toHaveValue('2105');
    await expect(dialog.getByText(m.weightHint('2.105'))).toBeVisible();

    // A weight no batch of 1,000 birds has: said before anything is sold.
    await textbox(dialog, m.weightLabel).fill('5');
    await textbox(dialog, m.priceLabel).fill('250');
    await dialog.getByRole('button', { name: m.confirm }).click();
    await expect(dialog.getByText(birdSaleMessages.averageOutOfRange)).toBeVisible();

    await textbox(dialog, m.weightLabel).fill('2100');
    await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue(/^Ksh\s525,000\.00$/);
    await textbox(dialog, m.buyerLabel).fill('Mama Njeri');
    await shot(page, 'close-batch-dialog');
    await dialog.getByRole('button', { name: m.confirm }).click();

    // Ksh 525,000 of sales less the bag of feed's Ksh 3,500.
    const result = page.getByRole('dialog', { name: m.resultTitle });
    await expect(result.getByText(m.closed(batch))).toBeVisible();
    await expect(figure(result, m.birdsPlaced)).toHaveText('1,000');
    await expect(figure(result, m.birdsSold)).toHaveText('1,000');
    await expect(figure(result, w.mortality)).toHaveText('0.0%');
    await expect(figure(result, w.revenuePerKg)).toHaveText(/^Ksh\s250\.00$/);
    await expect(figure(result, m.sales)).toHaveText(/^Ksh\s525,000\.00$/);
    await expect(figure(result, m.costs)).toHaveText(/^Ksh\s3,500\.00$/);
    await expect(figure(result, m.profit)).toHaveText(/^Ksh\s521,500\.00$/);
    await shot(page, 'close-batch-result');
    await result.getByRole('button', { name: m.done }).click();
    await expect(result).toBeHidden();

    // The batch is archived: no closing, no weighing offered any more.
    await expect(overlay.getByLabel('Flock Status')).toHaveValue('archived');
    await expect(overlay.getByRole('button', { name: m.open })).toHaveCount(0);
    await expect(overlay.getByRole('button', { name: weighingMessages.recordWeighing })).toHaveCount(0);
  });

  test('a worker is offered no closing', async ({ page, request, account }) => {
    const batch = `Broilers ${Date.now().toString(36)}`;
    const ownerToken = await apiLogin(request, account);
    await apiPost(request, ownerToken)('/api/flocks', { name: batch, breed: 'Broilers', age: 5, initial_bird_count: 500, bird_count: 500, status: 'growing' });
    await signIn(page, await joinedWorker(request, ownerToken));
    const overlay = await openFlockDetails(page, batch);
    // The worker counts and weighs the birds, but sells none.
    await expect(overlay.getByRole('button', { name: weighingMessages.recordWeighing })).toBeVisible();
    await expect(overlay.getByRole('button', { name: m.open })).toHaveCount(0);
  });
});
