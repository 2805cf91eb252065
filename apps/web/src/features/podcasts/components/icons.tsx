/* Small inline icons of the players: decorative, so hidden from assistive technology. */

type TIconProps = { size?: number };

function Svg({ size = 24, children }: TIconProps & { children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PlayIcon = (p: TIconProps) => (
  <Svg {...p}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </Svg>
);

export const PauseIcon = (p: TIconProps) => (
  <Svg {...p}>
    <rect x="6" y="5" width="4.5" height="14" rx="1" />
    <rect x="13.5" y="5" width="4.5" height="14" rx="1" />
  </Svg>
);

/** A circular arrow with '15' inside: back when mirrored. */
export const SkipIcon = ({ size = 24, back = false }: TIconProps & { back?: boolean }) => (
  <Svg size={size}>
    <g transform={back ? 'translate(24 0) scale(-1 1)' : undefined}>
      <path d="M12 4V1.5l4 3.5-4 3.5V6a7 7 0 1 0 7 7h2a9 9 0 1 1-9-9Z" fill="currentColor" />
    </g>
    <text
      x="12"
      y="16.2"
      textAnchor="middle"
      fontSize="7.5"
      fontWeight="700"
      fontFamily="system-ui, sans-serif"
    >
      15
    </text>
  </Svg>
);

export const CloseIcon = (p: TIconProps) => (
  <Svg {...p}>
    <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z" />
  </Svg>
);
