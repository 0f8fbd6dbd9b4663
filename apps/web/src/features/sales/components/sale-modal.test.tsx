import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { birdSaleMessages, CLIENT_RECORD_HEADERS, saleMessages, SALE_SAVED_POPUP_MS, type Sale } from '@kuku/domain';
import { describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeFlock, makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { farmDayFrom, farmMonthFrom, farmToday, makeSale } from '../sale-fixtures';
import { SaleModal } from './sale-modal';

interface Props {
  sale?: Sale;
  onClose?: () => void;
  flocks?: ReturnType<typeof makeFlock>[];
}

function renderModal(props: Props = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser());
  return renderWithProviders(
    <SaleModal opened onClose={props.onClose ?? (() => {})} flocks={props.flocks ?? [makeFlock(), makeFlock({ id: 8, name: 'Shamba B' })]} sale={props.sale} />,
    { queryClient },
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const quantity = () => field(/^Quantity/);
const unit = () => field(/^Unit$/);
const unitPrice = () => field(/^Unit price/);
const amount = () => field(/^Amount/);
const select = (name: RegExp) => screen.getByRole('combobox', { name });
const setDate = (value: string) => fireEvent.change(screen.getByLabelText(/^Date/), { target: { value } });

/** Fills a valid new egg sale of `crates` at Ksh 450 for Shamba B. */
async function fillEggSale(user: ReturnType<typeof userEvent.setup>, crates = '12') {
  await user.selectOptions(select(/^Flock/), '8');
  await user.selectOptions(select(/^Category/), 'Egg Sales');
  await user.type(field(/^Product/), 'Grade A eggs');
  await user.clear(quantity());
  await user.type(quantity(), crates);
  await user.type(unitPrice(), '450');
}

// A dialog of many inputs typed into key by key: under a loaded CI machine a case took 5.1 s.
describe('SaleModal', () => {
  it('shows the amount as quantity × unit price, read-only, from a quantity of 1', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderModal();

    expect(screen.getByRole('dialog', { name: saleMessages.createNewSale })).toBeInTheDocument();
    expect(quantity()).toHaveValue('1');
    expect(amount()).toHaveAttribute('readonly');
    expect(amount()).toHaveValue('');

    await user.type(unitPrice(), '450');
    expect((amount() as HTMLInputElement).value).toMatch(/^Ksh\s450\.00$/);
    await user.clear(quantity());
    await user.type(quantity(), '12');
    expect((amount() as HTMLInputElement).value).toMatch(/^Ksh\s5,400\.00$/);

    // 2.675 kg at Ksh 1: 267.5 cents, rounded half up in cents (floats say 267.49…).
    await user.selectOptions(select(/^Category/), 'Layer Mash');
    await user.clear(quantity());
    await user.type(quantity(), '2.675');
    await user.clear(unitPrice());
    await user.type(unitPrice(), '1');
    expect((amount() as HTMLInputElement).value).toMatch(/^Ksh\s2\.68$/);
    // A paste of letters keeps the digits and one point only.
    await user.clear(quantity());
    await user.type(quantity(), '1a.2.5');
    expect(quantity()).toHaveValue('1.25');
  });

  it('takes the unit from the category, opening the keypad that fits it', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderModal();

    expect(unit()).toHaveAttribute('readonly');
    expect(unitPrice()).toHaveAttribute('inputmode', 'decimal');
    const units: [string, string, string][] = [
      ['Egg Sales', 'Crates', 'numeric'],
      ['Chicks', 'Chicks', 'numeric'],
      ['Layer Mash', 'Kg', 'decimal'],
      ['Manure', 'Sacks', 'numeric'],
    ];
    for (const [category, expected, keypad] of units) {
      await user.selectOptions(select(/^Category/), category);
      expect(unit()).toHaveValue(expected);
      expect(quantity()).toHaveAttribute('inputmode', keypad);
    }
    // docs/product.md §9: 'Other' is offered by the edit form only.
    expect(within(select(/^Category/)).queryByRole('option', { name: 'Other' })).not.toBeInTheDocument();
  });

  it('lets an edited sale be Other with a free unit', async () => {
    mockApi({ 'PUT /sales/31': { body: makeSale({ category: 'Other', unit: 'Trays', quantity: 3 }) } });
    const user = userEvent.setup();
    renderModal({ sale: makeSale() });

    await user.selectOptions(select(/^Category/), 'Other');
    expect(unit()).not.toHaveAttribute('readonly');
    expect(unit()).toHaveAttribute('placeholder', 'Units');
    await user.type(unit(), 'Trays');
    await user.clear(quantity());
    await user.type(quantity(), '3');
    expect(quantity()).toHaveAttribute('inputmode', 'decimal');
  });

  it('sends the sale under a record id made on the phone, reads Saving... while it runs, then shows the popup for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (sale: Sale) => void = () => {};
    const requests = mockApi({
      'POST /sales': () => new Promise((resolve) => (answer = (sale) => resolve({ status: 201, body: sale }))),
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderModal({ onClose });

    await fillEggSale(user);
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));

    const saving = await screen.findByRole('button', { name: saleMessages.saving });
    expect(saving).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const posts = () => requests.filter((r) => r.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.headers.get(CLIENT_RECORD_HEADERS.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts()[0]?.body).toEqual({
      flock_id: 8,
      category: 'Egg Sales',
      product: 'Grade A eggs',
      description: null,
      quantity: 12,
      unit: 'Crates',
      unit_price: 450,
      date: farmToday(),
      sale_type: 'Cash',
      // A cash sale starts paid.
      status: 'paid',
    });

    await act(async () => answer(makeSale({ ref_no: 'S-000032', status: 'paid' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(saleMessages.saved)).toBeInTheDocument();
    expect(screen.getByText(/^S-000032: 12 Crates of Grade A eggs, Ksh\s5,400\.00$/)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(SALE_SAVED_POPUP_MS - 500));
    expect(screen.getByText(saleMessages.saved)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByText(saleMessages.saved)).not.toBeInTheDocument());
  });

  it('sells birds by the kilo, asking how many birds leave the flock (decision 072)', async () => {
    const requests = mockApi({ 'POST /sales': () => ({ status: 201, body: makeSale({ category: 'Live Birds', unit: 'Kg', quantity: 84.5, birds: 40 }) }) });
    const user = userEvent.setup();
    renderModal();
    await user.selectOptions(select(/^Flock/), '8');
    await user.selectOptions(select(/^Category/), 'Live Birds');
    await user.type(field(/^Product/), 'Broilers');
    // By the bird at first: the weight is optional, the birds are the quantity.
    expect(field(/^Total weight/)).toBeInTheDocument();
    await user.clear(quantity());
    await user.type(quantity(), '40');
    expect(screen.getByText(birdSaleMessages.leaveFlock(40))).toBeInTheDocument();
    await user.selectOptions(select(/^Priced/), 'Kg');
    await user.clear(quantity());
    await user.type(quantity(), '84.5');
    await user.type(unitPrice(), '290');
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(birdSaleMessages.birdsRequired)).toBeInTheDocument();
    await user.type(field(/^Birds sold/), '40');
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ category: 'Live Birds', unit: 'Kg', quantity: 84.5, birds: 40, unit_price: 290 });
  });

  it('sets a credit sale pending until the status is picked by hand', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderModal();

    expect(select(/^Sale type/)).toHaveValue('Cash');
    expect(select(/^Status/)).toHaveValue('paid');
    await user.selectOptions(select(/^Sale type/), 'Credit');
    expect(select(/^Status/)).toHaveValue('pending');
    await user.selectOptions(select(/^Status/), 'paid');
    await user.selectOptions(select(/^Sale type/), 'Mobile Money');
    await user.selectOptions(select(/^Sale type/), 'Credit');
    expect(select(/^Status/)).toHaveValue('paid');
  });

  it('says what is missing in the productâs words and sends nothing', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderModal();

    await user.clear(quantity());
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(saleMessages.selectFlock)).toBeInTheDocument();
    expect(screen.getByText(saleMessages.selectCategory)).toBeInTheDocument();
    expect(screen.getByText(saleMessages.productRequired)).toBeInTheDocument();
    expect(screen.getByText(saleMessages.quantityRequired)).toBeInTheDocument();
    expect(screen.getByText(saleMessages.unitPriceRequired)).toBeInTheDocument();

    await user.selectOptions(select(/^Category/), 'Egg Sales');
    await user.type(quantity(), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(saleMessages.quantityWhole('Crates'))).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('keeps the date within six months and says so, as the server does', async () => {
    const requests = mockApi({});
    const user = userEvent.setup();
    renderModal();

    const date = screen.getByLabelText(/^Date/);
    expect(date).toHaveValue(farmToday());
    expect(date).toHaveAttribute('max', farmToday());
    expect(date.getAttribute('min')).toMatch(/^\d{4}-\d{2}-01$/);

    await fillEggSale(user);
    setDate(farmMonthFrom(-7));
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(saleMessages.dateOutsideWindow)).toBeInTheDocument();
    setDate(farmDayFrom(1));
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(saleMessages.dateOutsideWindow)).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it("shows the server's message under the field it names", async () => {
    mockApi({
      'POST /sales': apiError(400, 'validation', 'Invalid input.', { fields: { date: saleMessages.dateOutsideWindow } }),
    });
    const user = userEvent.setup();
    renderModal();

    await fillEggSale(user);
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(saleMessages.dateOutsideWindow)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save Sale' })).toBeEnabled();
  });

  it('asks once about a sale at Ksh 0 before saving it', async () => {
    const requests = mockApi({ 'POST /sales': { status: 201, body: makeSale({ unit_price: 0, unit_price_cents: 0, amount: 0, amount_cents: 0 }) } });
    const user = userEvent.setup();
    renderModal();

    await fillEggSale(user);
    await user.clear(unitPrice());
    await user.type(unitPrice(), '0');
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(saleMessages.zeroPriceAsk)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: saleMessages.saveAtZero }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
  });

  it('says the save failed in the productâs words', async () => {
    // The server's trouble (5xx) keeps the sale on the phone instead.
    mockApi({ 'POST /sales': apiError(403, 'forbidden', 'You do not have permission.') });
    const user = userEvent.setup();
    renderModal();

    await fillEggSale(user);
    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(saleMessages.failedToSave)).toBeInTheDocument();
  });

  it('warns of more egg crates than the egg stock, and saves anyway', async () => {
    const requests = mockApi({
      // 95 eggs: 3 whole crates.
      'GET /egg-productions/stats': { body: { available_stock: 95 } },
      'POST /sales': { status: 201, body: makeSale({ quantity: 4 }) },
    });
    const user = userEvent.setup();
    renderModal();

    await fillEggSale(user, '3');
    await waitFor(() => expect(requests.some((r) => r.path === '/egg-productions/stats')).toBe(true));
    expect(screen.queryByText(saleMessages.moreCratesThanStock(3))).not.toBeInTheDocument();
    await user.clear(quantity());
    await user.type(quantity(), '4');
    expect(await screen.findByText(saleMessages.moreCratesThanStock(3))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Sale' }));
    expect(await screen.findByText(saleMessages.saved)).toBeInTheDocument();
  });

  it('sends only what changed, reading Updating... while it runs', async () => {
    const sale = makeSale({ date: farmDayFrom(-1) });
    let answer: (sale: Sale) => void = () => {};
    const requests = mockApi({
      'GET /egg-productions/stats': { body: { available_stock: 900 } },
      'PUT /sales/31': () => new Promise((resolve) => (answer = (s) => resolve({ body: s }))),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal({ sale, onClose });

    expect(screen.getByRole('dialog', { name: saleMessages.editSale })).toBeInTheDocument();
    expect(quantity()).toHaveValue('12');
    expect(unitPrice()).toHaveValue('450.00');
    expect((amount() as HTMLInputElement).value).toMatch(/5,400\.00/);

    await user.click(screen.getByRole('button', { name: 'Update Sale' }));
    expect(await screen.findByText(saleMessages.nothingToUpdate)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(quantity());
    await user.type(quantity(), '15');
    expect((amount() as HTMLInputElement).value).toMatch(/6,750\.00/);
    await user.click(screen.getByRole('button', { name: 'Update Sale' }));
    expect(await screen.findByRole('button', { name: saleMessages.updating })).toBeDisabled();
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ quantity: 15 }));

    await act(async () => answer(makeSale({ quantity: 15, amount_cents: 675_000 })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(saleMessages.updated)).toBeInTheDocument();
  });

  it('says the update failed in the productâs words', async () => {
    mockApi({ 'PUT /sales/31': apiError(422, 'rule_broken', 'Something went wrong.') });
    const user = userEvent.setup();
    renderModal({ sale: makeSale({ category: 'Manure', unit: 'Sacks', quantity: 2 }) });

    await user.clear(quantity());
    await user.type(quantity(), '3');
    await user.click(screen.getByRole('button', { name: 'Update Sale' }));
    expect(await screen.findByText(saleMessages.errorUpdating)).toBeInTheDocument();
  });

  it('points a farm without flocks to the flock screen', () => {
    mockApi({});
    renderModal({ flocks: [] });
    expect(screen.getByRole('link', { name: 'Add a flock' })).toHaveAttribute('href', '/bird-management');
  });
});
