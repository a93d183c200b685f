// The main call to action of the public pages: "Start Free Trial" (or "Get started" without a
// trial) for guests, "Go to dashboard" for signed-in visitors (see ../trial.ts).
import { Link } from 'react-router';
import { useStartCta } from '@/lib/trial';

export function StartCtaLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { to, label } = useStartCta();
  return (
    <Link to={to} className={className} onClick={onClick}>
      {label}
    </Link>
  );
}
