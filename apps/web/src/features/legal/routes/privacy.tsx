import { LegalDocument } from '../components/legal-document';

export default function PrivacyRoute() {
  return <LegalDocument route="privacy" slug="privacy-policy" title="Privacy Policy" />;
}
