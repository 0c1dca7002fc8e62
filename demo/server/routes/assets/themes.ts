/** Named themes (§3) and the primary colour each stylesheet sets; `color` themes carry their own hex value. */
export const NAMED_THEMES: Record<string, string> = {
  default: '#457CD6',
  blue: '#2F5DA8',
  siroBlue: '#3A8FD9',
  red: '#C94A4A',
  green: '#2F9E6E',
  ink: '#3B3B3B',
  lotus: '#C86B85',
  cartoon: '#F29F3D',
};

export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
