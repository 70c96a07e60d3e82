/** The 8 NES-like accents of the look; the order matters, the logo accent is picked by index. */
export const ACCENTS = [
  { name: "red", hex: "#e4000f" },
  { name: "blue", hex: "#0058f8" },
  { name: "green", hex: "#00a800" },
  { name: "yellow", hex: "#f8b800" },
  { name: "orange", hex: "#f87858" },
  { name: "cyan", hex: "#3cbcfc" },
  { name: "pink", hex: "#f878f8" },
  { name: "purple", hex: "#6b38ff" },
] as const;
export type Accent = (typeof ACCENTS)[number];

/** The logo accent: the sum of the name's character codes modulo 8. */
export function accentFor(name: string): Accent {
  let sum = 0;
  for (let i = 0; i < name.length; i++) sum += name.charCodeAt(i);
  return ACCENTS[sum % ACCENTS.length] as Accent;
}
