/** Kiswahili: what the offline catalogues share (decision 068). */

export const records = (n: number) => (n === 1 ? 'rekodi 1' : `rekodi ${n}`);

export const signed = (n: number) => `${n > 0 ? '+' : ''}${new Intl.NumberFormat('en-KE').format(n)}`;

