import { RegisterScreen } from '../components/register-screen';

export default function SignupRoute() {
  return <RegisterScreen name="signup" />;
}
