import {
  birdSaleMessages,
  closeBatchMessages as m,
  dayIn,
  economicsWords as w,
  formatKes,
  saleMessages,
  type CloseBatchAnswer,
  type Role,
  type Sale,
} from '@kuku/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeBroilerEconomics, makeFlock, makeWeighing } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { CloseBatchModal } from './close-batch-modal';

const flock = { id: 7, name: 'Batch 3', bird_count: 950 };
const today = dayIn(new Date(), 'Africa/Nairobi');

const sale: Sale = {
  id: 90,
  ref_no: 'S-000090',
  flock_id: 7,
  flock_name: 'Batch 3',
  category: 'Live Birds',
  product: m.product,
  description: 'Mama Njeri',
  quantity: 2000,
  unit: 'Kg',
  birds: 950,
  weight_kg: 2000,
  unit_price: 250,
  unit_price_cents: 25_000,
  amount: 500_000,
  amount_cents: 50_000_000,
  date: today,
  sale_type: 'Mobile Money',
  status: 'paid',
  user_id: 1,
  created_at: `${today}T10:00:00.000Z`,
  updated_at: `${today}T10:00:00.000Z`,
  created_by_name: 'jane',
  updated_by_name: 'jane',
};

/** The batch's result: Ksh 500,000 of sales less Ksh 298,464 of costs. */
function closed(broilers: Partial<NonNullable<CloseBatchAnswer['economics']['broilers']>> = {}, answer: Partial<CloseBatchAnswer> = {}): CloseBatchAnswer {
  const economics = makeBroilerEconomics({ flock_name: 'Batch 3' });
  return {
    sale,
    flock: makeFlock({ name: 'Batch 3', breed: 'Broilers', initial_bird_count: 1000, bird_count: 0, status: 'archived' }),
    economics: {
      ...economics,
      broilers: {
        mortality_percent: 5,
        average_weight_kg: 2.105,
        live_weight_kg: 2000,
        feed_conversion_ratio: 1.62,
        production_efficiency: 352,
        cost_per_kg_cents: 14_923,
        revenue_per_kg_cents: 25_000,
        sales_cents: 50_000_000,
        profit_cents: 20_153_600,
        ...broilers,
      },
    },
    ...answer,
  };
}

function renderDialog(routes: Parameters<typeof mockApi>[0] = {}, { role = 'owner', birds = flock.bird_count }: { role?: Role; birds?: number } = {}) {
  const onClose = vi.fn();
  const requests = mockApi({ 'GET /flocks/7/weighings': { body: { items: [makeWeighing()] } }, ...routes });
  renderWithProviders(<CloseBatchModal opened flock={{ ...flock, bird_count: birds }} onClose={onClose} />, { queryClient: queryClientAs(role) });
  return { requests, onClose };
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
/** A figure of the result: the <dd> after its label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('CloseBatchModal', () => {
  it('starts at the farm’s today with the weighing’s suggestion and Mobile Money, shows the amount, sells and shows the result', async () => {
    const user = userEvent.setup();
    const { requests, onClose } = renderDialog({ 'POST /flocks/7/close': { body: closed() } });
    const dialog = await screen.findByRole('dialog', { name: m.title });
    expect(within(dialog).getByText(m.intro(950, 'Batch 3'))).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${m.dateLabel}`))).toHaveValue(today);
    // 950 birds at the latest weighing's 2.105 kg: 1,999.75 kg, to a tenth.
    await waitFor(() => expect(field(m.weightLabel)).toHaveValue('1999.8'));
    expect(screen.getByText(m.weightHint('2.105'))).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Sale type/ })).toHaveValue('Mobile Money');
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveValue('paid');

    await user.clear(field(m.weightLabel));
    await user.type(field(m.weightLabel), '2000');
    await user.type(field(m.priceLabel), '250');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue(formatKes(50_000_000));
    await user.type(field(m.buyerLabel), 'Mama Njeri');
    await user.click(screen.getByRole('button', { name: m.confirm }));

    expect(await screen.findByRole('dialog', { name: m.resultTitle })).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ date: today, total_kg: 2000, unit_price: 250, sale_type: 'Mobile Money', status: 'paid', description: 'Mama Njeri' });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByText(m.closed('Batch 3'))).toBeInTheDocument();
    expect(figure(m.birdsPlaced)).toHaveTextContent('1,000');
    expect(figure(m.birdsSold)).toHaveTextContent('950');
    expect(figure(w.mortality)).toHaveTextContent('5.0%');
    expect(figure(w.feedConversion)).toHaveTextContent('1.62');
    expect(figure(w.costPerKg)).toHaveTextContent('Ksh 149.23');
    expect(figure(w.revenuePerKg)).toHaveTextContent('Ksh 250.00');
    expect(figure(m.sales)).toHaveTextContent('Ksh 500,000.00');
    expect(figure(m.costs)).toHaveTextContent('Ksh 298,464.00');
    expect(figure(m.profit)).toHaveTextContent('Ksh 201,536.00');
    await user.click(screen.getByRole('button', { name: m.done }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says a loss as a loss, and a figure without its records as —', async () => {
    const user = userEvent.setup();
    renderDialog({ 'POST /flocks/7/close': { body: closed({ profit_cents: -1_250_000, feed_conversion_ratio: null, cost_per_kg_cents: null }) } });
    await screen.findByRole('dialog', { name: m.title });
    await waitFor(() => expect(field(m.weightLabel)).toHaveValue('1999.8'));
    await user.type(field(m.priceLabel), '180');
    await user.click(screen.getByRole('button', { name: m.confirm }));
    await screen.findByRole('dialog', { name: m.resultTitle });
    expect(figure(m.loss)).toHaveTextContent('Ksh 12,500.00');
    expect(screen.queryByText(m.profit, { selector: 'dt' })).toBeNull();
    expect(figure(w.feedConversion)).toHaveTextContent('—');
    expect(figure(w.costPerKg)).toHaveTextContent('—');
    expect(figure(m.costs)).toHaveTextContent('Ksh 512,500.00');
  });

  it('lets the status follow the sale type until one is picked', async () => {
    const user = userEvent.setup();
    renderDialog();
    await screen.findByRole('dialog', { name: m.title });
    const type = screen.getByRole('combobox', { name: /^Sale type/ });
    const status = screen.getByRole('combobox', { name: /^Status/ });
    await user.selectOptions(type, 'Credit');
    expect(status).toHaveValue('pending');
    await user.selectOptions(type, 'Cash');
    expect(status).toHaveValue('paid');
    await user.selectOptions(status, 'pending');
    await user.selectOptions(type, 'Bank Transfer');
    expect(status).toHaveValue('pending');
  });

  it('says what is wrong before sending: the weight and price missing, a weight no batch of its birds has, a day outside the window', async () => {
    const user = userEvent.setup();
    const { requests } = renderDialog({ 'GET /flocks/7/weighings': { body: { items: [] } } });
    await screen.findByRole('dialog', { name: m.title });
    expect(field(m.weightLabel)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: m.confirm }));
    expect(screen.getByText(m.weightRequired)).toBeInTheDocument();
    expect(screen.getByText(m.priceRequired)).toBeInTheDocument();
    // 5 kg for 950 birds: 5 g a bird.
    await user.type(field(m.weightLabel), '5');
    await user.type(field(m.priceLabel), '250');
    await user.click(screen.getByRole('button', { name: m.confirm }));
    expect(screen.getByText(birdSaleMessages.averageOutOfRange)).toBeInTheDocument();
    await user.clear(field(m.weightLabel));
    await user.type(field(m.weightLabel), '2000');
    await user.clear(screen.getByLabelText(new RegExp(`^${m.dateLabel}`)));
    await user.type(screen.getByLabelText(new RegExp(`^${m.dateLabel}`)), '2001-01-01');
    await user.click(screen.getByRole('button', { name: m.confirm }));
    expect(screen.getByText(saleMessages.dateOutsideWindow)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusals on their fields, and a batch closed meanwhile in the dialog', async () => {
    const user = userEvent.setup();
    let answer = apiError(400, 'validation_error', 'Invalid', { fields: { total_kg: birdSaleMessages.averageOutOfRange } });
    renderDialog({ 'POST /flocks/7/close': () => answer });
    await screen.findByRole('dialog', { name: m.title });
    await waitFor(() => expect(field(m.weightLabel)).toHaveValue('1999.8'));
    await user.type(field(m.priceLabel), '250');
    await user.click(screen.getByRole('button', { name: m.confirm }));
    expect(await screen.findByText(birdSaleMessages.averageOutOfRange)).toBeInTheDocument();
    expect(field(m.weightLabel)).toHaveAttribute('aria-invalid', 'true');
    answer = apiError(422, 'rule_broken', m.alreadyClosed);
    await user.click(screen.getByRole('button', { name: m.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.alreadyClosed);
    expect(screen.getByRole('dialog', { name: m.title })).toBeInTheDocument();
  });

  it('closes a batch with no birds left without a weight or a price', async () => {
    const user = userEvent.setup();
    const { requests } = renderDialog({ 'POST /flocks/7/close': { body: closed({ sales_cents: 0, profit_cents: -29_846_400 }, { sale: null }) } }, { birds: 0 });
    await screen.findByRole('dialog', { name: m.title });
    expect(screen.getByText(m.intro(0, 'Batch 3'))).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${m.weightLabel.replace(/[()]/g, '\\$&')}`) })).toBeNull();
    await user.click(screen.getByRole('button', { name: m.confirm }));
    await screen.findByRole('dialog', { name: m.resultTitle });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      date: today,
      total_kg: null,
      unit_price: null,
      sale_type: 'Mobile Money',
      status: 'paid',
      description: null,
    });
    expect(requests.some((r) => r.path === '/flocks/7/weighings')).toBe(false);
    expect(figure(m.birdsSold)).toHaveTextContent('0');
    expect(figure(m.loss)).toHaveTextContent('Ksh 298,464.00');
  });
});
