import { useParams } from 'react-router';
import { AdminPlanDetailScreen } from '../components/admin-plan-detail-screen';

/** `/admin/billing/plans/:platform/:planId`: one plan's subscribers (admin). */
export default function AdminPlanDetailRoute() {
  const { platform = '', planId = '' } = useParams();
  return <AdminPlanDetailScreen platform={platform} planId={planId} />;
}
