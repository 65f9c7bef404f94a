/** `/user/iframe/{url}`: an embedded page in the member area. */
import { Navigate, useParams } from 'react-router';
import { embeddableUrl, IframePage } from '../../../components/iframe-page';

export default function UserIframe() {
  const url = embeddableUrl(useParams().url ?? '');
  return url ? <IframePage url={url} /> : <Navigate to="/404" replace />;
}
