import { LegalDocument } from '../components/legal-document';

export default function PoolPartyRulesRoute() {
  return <LegalDocument route="pool-party-rules" slug="pool-party-rules" title="Pool Party Rules" />;
}
