import {
  birdSaleMessages,
  centsToAmountText,
  centsToShillings,
  createSaleSchema,
  isBirdSale,
  isSaleDateAllowed,
  lineTotalCents,
  parseAmount,
  SALE_CATEGORIES,
  saleMessages,
  saleQuantityProblem,
  saleUnit,
  statusForType,
  type BirdSaleUnit,
  type Flock,
  type Sale,
  type SaleBody,
  type SaleCategory,
  type SaleStatus,
  type SaleType,
} from '@kuku/domain';
import { preferredFlock } from '../../../lib/last-flock';

/*
 * The sale form's values and its pure checks: what the dialog (sale-modal.tsx) holds, turned into
 * the body the server reads, with the product's messages per field.
 */

export type SaleField = keyof SaleBody | 'amount';
export type FieldErrors = Partial<Record<SaleField, string>>;
export const FIELDS: readonly SaleField[] = [
  'flock_id',
  'category',
  'product',
  'description',
  'quantity',
  'unit',
  'birds',
  'weight_kg',
  'unit_price',
  'amount',
  'date',
  'sale_type',
  'status',
];

/** What the form holds: the texts typed and the options picked. */
export interface SaleValues {
  flockId: string;
  category: SaleCategory | '';
  product: string;
  description: string;
  quantity: string;
  /** The free unit of an 'Other' sale, or a bird sale's 'Birds' or 'Kg'; the other categories' unit is theirs (saleUnit). */
  unit: string;
  /** A bird sale's birds (asked by the kilo) and weight in kg (by the bird, optional), decision 072. */
  birds: string;
  weightKg: string;
  /** Shillings as typed: '450', '33.35', '1,250'. */
  unitPrice: string;
  date: string;
  saleType: SaleType | '';
  status: SaleStatus | '';
}

/** docs/product.md §9: the new-sale form offers the four categories; 'Other' is the edit form's only. */
export const NEW_SALE_CATEGORIES = SALE_CATEGORIES.filter((category) => category !== 'Other');

/** A quantity field keeps digits and one decimal point: the decimal keypad has nothing else, and a paste is cleaned the same way. */
export function quantityInput(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  return (point === -1 ? cleaned : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, '')}`).slice(0, 12);
}

/** The typed quantity as a number; null while empty or half typed ('.', '2.'). */
export function quantityValue(text: string): number | null {
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** The read-only amount: quantity × unit price in cents (lineTotalCents, no float maths), or why there is none. */
export function saleAmount(values: Pick<SaleValues, 'quantity' | 'unitPrice'>): { cents: number } | { error: string | null } {
  const quantity = quantityValue(values.quantity);
  const price = parseAmount(values.unitPrice);
  if (quantity === null || !price.ok) return { error: null };
  const total = lineTotalCents(quantity, price.cents);
  return total.ok ? { cents: total.cents } : { error: saleMessages.amountTooLarge };
}

/** A bird sale's unit as the form shows it: by the bird unless the kilo was chosen. */
export const birdUnitOf = (unit: string): BirdSaleUnit => (unit === 'Kg' ? 'Kg' : 'Birds');

/** A typed number of the bird fields: undefined while empty, NaN when not a number (the schema says why). */
const typedNumber = (text: string) => (text.trim() === '' ? undefined : (quantityValue(text.trim()) ?? Number.NaN));

/** The birds a bird sale takes off its flock, as the form stands: shown under its fields. */
export function birdsLeaving(values: SaleValues): number | null {
  if (values.category === '' || !isBirdSale(values.category)) return null;
  const birds = quantityValue(birdUnitOf(values.unit) === 'Kg' ? values.birds : values.quantity);
  return birds !== null && Number.isInteger(birds) && birds > 0 ? birds : null;
}

/** The line under a bird sale's fields: '40 birds leave the flock.' */
export const leavingText = (birds: number) => birdSaleMessages.leaveFlock(birds);

/** The body the form stands for, as createSaleSchema reads it (the price as typed: it accepts text). */
function toInput(values: SaleValues) {
  const quantity = values.quantity.trim() === '' ? undefined : (quantityValue(values.quantity) ?? Number.NaN);
  const birdSale = values.category !== '' && isBirdSale(values.category);
  const byKg = birdSale && birdUnitOf(values.unit) === 'Kg';
  return {
    flock_id: values.flockId,
    category: values.category === '' ? undefined : values.category,
    product: values.product,
    description: values.description.trim() === '' ? null : values.description,
    quantity,
    unit: values.category === 'Other' ? values.unit : birdSale ? birdUnitOf(values.unit) : null,
    birds: byKg ? typedNumber(values.birds) : undefined,
    weight_kg: birdSale && !byKg ? typedNumber(values.weightKg) : undefined,
    unit_price: values.unitPrice.trim() === '' ? undefined : values.unitPrice,
    date: values.date,
    sale_type: values.saleType === '' ? undefined : values.saleType,
    status: values.status === '' ? undefined : values.status,
  };
}

/**
 * docs/product.md §5 New sale: every field but the description required, checked by the schema the server
 * runs again, then the date window in the farm's zone. The first message a field gets is shown.
 */
export function validateSale(values: SaleValues, today: string, checkDate: boolean): { body?: SaleBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parsed = createSaleSchema.safeParse(toInput(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SaleField | undefined;
      if (field && FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  // The category's own quantity rule (whole crates) is said at once, not after the other fields are right.
  const quantity = quantityValue(values.quantity);
  if (errors.quantity === undefined && values.category !== '' && quantity !== null) {
    const problem = saleQuantityProblem(values.category, quantity, isBirdSale(values.category) ? birdUnitOf(values.unit) : values.unit);
    if (problem) errors.quantity = problem;
  }
  if (checkDate && errors.date === undefined && values.date !== '' && !isSaleDateAllowed(values.date, today)) {
    errors.date = saleMessages.dateOutsideWindow;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  const sale = parsed.data;
  return {
    errors,
    body: {
      flock_id: sale.flock_id,
      category: sale.category,
      product: sale.product,
      description: sale.description ?? null,
      quantity: sale.quantity,
      unit: saleUnit(sale.category, sale.unit),
      ...(isBirdSale(sale.category) ? { birds: sale.birds ?? null, weight_kg: sale.weight_kg ?? null } : {}),
      unit_price: centsToShillings(sale.unit_price),
      date: values.date,
      sale_type: sale.sale_type,
      status: sale.status,
    },
  };
}

/** The fields of `body` that differ from the stored sale: an edit sends only those. */
export function changedFields(sale: Sale, body: SaleBody): Partial<SaleBody> {
  const changed: Partial<SaleBody> = {};
  if (body.flock_id !== sale.flock_id) changed.flock_id = body.flock_id;
  if (body.category !== sale.category) changed.category = body.category;
  if (body.product !== sale.product) changed.product = body.product;
  if ((body.description ?? null) !== (sale.description ?? null)) changed.description = body.description ?? null;
  if (body.quantity !== sale.quantity) changed.quantity = body.quantity;
  if ((body.category === 'Other' || isBirdSale(body.category)) && body.unit !== sale.unit) changed.unit = body.unit ?? null;
  if (isBirdSale(body.category)) {
    // The server merges with the stored sale: a bird sale sends what it says of its birds whenever they differ.
    if ((body.birds ?? null) !== (sale.birds ?? null) && saleUnit(body.category, body.unit) === 'Kg') changed.birds = body.birds ?? null;
    if ((body.weight_kg ?? null) !== (sale.weight_kg ?? null) && saleUnit(body.category, body.unit) === 'Birds') changed.weight_kg = body.weight_kg ?? null;
  }
  if (Math.round(body.unit_price * 100) !== sale.unit_price_cents) changed.unit_price = body.unit_price;
  if (body.date !== sale.date.slice(0, 10)) changed.date = body.date;
  if (body.sale_type !== sale.sale_type) changed.sale_type = body.sale_type;
  if (body.status !== sale.status) changed.status = body.status;
  return changed;
}


/** The form's values of a new sale saved on the phone and opened again to correct it. */
export function valuesOfBody(body: SaleBody): SaleValues {
  return {
    flockId: String(body.flock_id),
    category: body.category,
    product: body.product,
    description: body.description ?? '',
    quantity: String(body.quantity),
    unit: body.category === 'Other' || isBirdSale(body.category) ? (body.unit ?? '') : '',
    birds: body.birds === null || body.birds === undefined ? '' : String(body.birds),
    weightKg: body.weight_kg === null || body.weight_kg === undefined ? '' : String(body.weight_kg),
    unitPrice: String(body.unit_price),
    date: body.date,
    saleType: body.sale_type,
    status: body.status,
  };
}

export function initialValues(sale: Sale | null | undefined, flocks: Flock[], today: string, userId: number | undefined): SaleValues {
  if (sale) {
    return {
      flockId: String(sale.flock_id),
      category: sale.category,
      product: sale.product,
      description: sale.description ?? '',
      quantity: String(sale.quantity),
      unit: sale.category === 'Other' || isBirdSale(sale.category) ? sale.unit : '',
      birds: sale.birds === null || sale.unit !== 'Kg' ? '' : String(sale.birds),
      weightKg: sale.weight_kg === null || sale.unit === 'Kg' ? '' : String(sale.weight_kg),
      unitPrice: centsToAmountText(sale.unit_price_cents),
      date: sale.date.slice(0, 10),
      saleType: sale.sale_type,
      status: sale.status,
    };
  }
  return {
    flockId: preferredFlock(userId, flocks),
    category: '',
    product: '',
    description: '',
    // docs/product.md §5: the quantity starts at 1.
    quantity: '1',
    unit: '',
    birds: '',
    weightKg: '',
    unitPrice: '',
    date: today,
    saleType: 'Cash',
    status: statusForType('Cash'),
  };
}
