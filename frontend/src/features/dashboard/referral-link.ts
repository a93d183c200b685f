// The referral link: the site's register path with the customer's code in ?ref=.
export function referralLink(refCode: string): string {
  return `${window.location.origin}/register?ref=${encodeURIComponent(refCode)}`;
}
