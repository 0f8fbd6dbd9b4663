/** Kiswahili: what the expenses catalogues share (decision 068). */

// A catalogue holds data only (no value import): the month's name as common/day-text.ts's Kiswahili calendar writes it.
export const MONTHS = ['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti', 'Septemba', 'Oktoba', 'Novemba', 'Desemba'];

