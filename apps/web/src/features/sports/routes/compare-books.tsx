import { CompareBooksScreen } from '../components/compare-books-screen';

export default function CompareBooksRoute() {
  return <CompareBooksScreen />;
}
