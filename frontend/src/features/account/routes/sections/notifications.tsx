// /onboard/settings/notifications: the alert thresholds, the channels and the webhook.
import { AlertsCard } from '../../components/alerts-card';

export default function NotificationsSection() {
  return <AlertsCard />;
}
