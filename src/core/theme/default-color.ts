// §9: the default theme colour, on its own so that the element tokens (in every page's runtime) need none of the
// theme rules, which only the header loads.
export const DEFAULT_THEME_COLOR = '#457CD6';
