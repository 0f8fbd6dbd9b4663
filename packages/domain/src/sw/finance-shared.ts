/** Kiswahili: what the finance catalogues share (decision 068). */

export const flocks = (n: number) => (n === 1 ? 'kundi 1' : `makundi ${n}`);

