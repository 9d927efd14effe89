import { RegisterScreen } from '../components/register-screen';

export default function RegisterNewRoute() {
  return <RegisterScreen name="register-new" />;
}
