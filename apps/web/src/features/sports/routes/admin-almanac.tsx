import { AdminImportsScreen, type AdminSection } from '../components/admin-imports-screen';

/** The admin's screen: the data imports, and the sections app/ adds from other features (refused invitations). */
export default function AdminAlmanacRoute({ sections }: { sections?: readonly AdminSection[] }) {
  return <AdminImportsScreen sections={sections} />;
}
