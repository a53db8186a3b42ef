/**
 * A channel's logo, drawn from its platform code: the platform's initials on a colour of its
 * brand, darkened where needed so white text reads (at least 4.5:1). No images are fetched from
 * elsewhere (the API's `logo` is null); an unknown code gets a grey "?".
 */
const MARKS: Record<string, { text: string; bg: string }> = {
  IDM: { text: "IN", bg: "#4338ca" },
  TKP: { text: "TP", bg: "#027a0a" },
  SHP: { text: "SP", bg: "#c2361b" },
  LZD: { text: "LZ", bg: "#0f146d" },
  ZLR: { text: "ZL", bg: "#111827" },
  BLI: { text: "BL", bg: "#00639b" },
  ZLG: { text: "ZG", bg: "#a3005a" },
  FCB: { text: "f", bg: "#0b5cc7" },
  IGM: { text: "IG", bg: "#a4276c" },
  TWT: { text: "X", bg: "#000000" },
  WAP: { text: "WA", bg: "#075e54" },
  SMS: { text: "SMS", bg: "#475569" },
  LNE: { text: "LN", bg: "#047a35" },
  SFY: { text: "SF", bg: "#3f6b26" },
  WOO: { text: "WC", bg: "#674399" },
};

/** `label`: the platform's name for screen readers; without it the logo is decoration (the name is shown next to it). */
export function ChannelLogo({ code, size = 40, label }: { code: string; size?: number; label?: string }) {
  const mark = MARKS[code] ?? { text: "?", bg: "#64748b" };
  const fontSize = mark.text.length > 2 ? 12 : 15;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      className="shrink-0"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect width="40" height="40" rx="9" fill={mark.bg} />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fill="#ffffff"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize={fontSize}
        fontWeight={700}
        letterSpacing="0.5"
      >
        {mark.text}
      </text>
    </svg>
  );
}
