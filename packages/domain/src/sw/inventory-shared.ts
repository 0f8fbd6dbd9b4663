/** Kiswahili: what the inventory catalogues share (decision 068). */
import type { InventoryUnit } from '../inventory-rules.js';

/** 1234567.5 → '1,234,567.5' (formatQuantity's way; a catalogue imports no code). */
export const figure = (quantity: number): string => {
  const [whole = '0', fraction] = String(quantity).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
};


/** One of a unit, as a price reads: 'kwa lita'. */
export const ONE: Record<InventoryUnit, string> = { kg: 'kilo', bags: 'mfuko', doses: 'dozi', litres: 'lita', pieces: 'kipande' };

/** A unit in a sentence of several: 'namba kamili ya mifuko'. */
export const MANY: Record<InventoryUnit, string> = { kg: 'kilo', bags: 'mifuko', doses: 'dozi', litres: 'lita', pieces: 'vipande' };


/** An amount of stock, the noun before its figure: 'mifuko 12', 'mfuko 1', 'kilo 2.5'. */
export const amount = (quantity: string, unit: InventoryUnit): string => `${quantity === '1' ? ONE[unit] : MANY[unit]} ${quantity}`;

