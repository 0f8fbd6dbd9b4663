/** Kiswahili: what the today catalogues share (decision 068). */

/** A count as every screen writes it ('1,234'), as formatCount does: a catalogue imports no code. */
export const count = (n: number) => n.toLocaleString('en-KE');

