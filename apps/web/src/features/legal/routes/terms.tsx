import { LegalDocument } from '../components/legal-document';

export default function TermsRoute() {
  return <LegalDocument route="tos" slug="terms-of-service" title="Terms of Service" />;
}
