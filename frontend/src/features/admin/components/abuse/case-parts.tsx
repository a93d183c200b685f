// A case's status as a badge: open amber, answered brand, closed grey.
import { Badge, type Tone } from '../badge';

const TONES: Record<string, Tone> = { open: 'amber', answered: 'brand', closed: 'grey' };

export function CaseStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'grey'}>{status}</Badge>;
}
