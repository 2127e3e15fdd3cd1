import type { DeviceType } from '@/shared/api';

const paths: Record<DeviceType, string> = {
  tv: 'M3 5h18v11H3zM8 20h8M12 16v4',
  tablet: 'M6 3h12v18H6zM11 18h2',
  phone: 'M8 2h8v20H8zM11 18h2',
  pc: 'M4 4h16v11H4zM2 19h20',
};

export function DeviceIcon({ type }: { type: DeviceType }) {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[type] ?? paths.pc} />
    </svg>
  );
}
