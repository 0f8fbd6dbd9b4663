// Without zod, so a list screen can use them without loading the schemas (docs/design.md §9 budget).
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
