export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0d766d" />
      <path d="M9 8h10l4 4v12H9z" fill="#fff" />
      <path d="M19 8v4h4" fill="#91fee9" />
      <path
        d="M12 16h8M12 19.5h8M12 23h5"
        stroke="#0d766d"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
