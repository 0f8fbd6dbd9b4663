/** Kiswahili: what the eggs catalogues share (decision 068). */

export const flocks = (n: number) => (n === 1 ? 'kundi 1' : `makundi ${n}`);

export const eggsOf = (n: number, shown: string) => (n === 1 ? `yai ${shown}` : `mayai ${shown}`);

