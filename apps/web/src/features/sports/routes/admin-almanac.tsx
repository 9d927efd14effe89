import { AdminImportsScreen } from '../components/admin-imports-screen';

export default function AdminAlmanacRoute() {
  return <AdminImportsScreen />;
}
