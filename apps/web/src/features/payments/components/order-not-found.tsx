import { Link } from 'react-router';
import { paths } from '@toolshop/shared/paths';

/** The payment page of an order the server does not show this buyer: deleted, or someone else's. */
export function OrderNotFound() {
  return (
    <div role="alert" className="alert alert-warning alert-soft">
      <span>We could not find this order among yours. It may have been deleted.</span>
      <Link to={paths.myOrders} className="btn btn-sm">
        My Orders
      </Link>
    </div>
  );
}
