import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

type TVariant = 'primary' | 'secondary' | 'danger' | 'link';

const className = (variant: TVariant, extra?: string) =>
  ['btn', variant === 'primary' ? '' : `btn-${variant}`, extra].filter(Boolean).join(' ');

export function Button({
  variant = 'primary',
  className: extra,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: TVariant }) {
  return <button type={type} className={className(variant, extra)} {...props} />;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant = 'primary',
  className: extra,
  ...props
}: LinkProps & { variant?: TVariant }) {
  return <Link className={className(variant, extra)} {...props} />;
}
