import type { OutgoingMail } from './mailer';

/**
 * Short, branded mails with a plain-text part. Every dynamic value is escaped for HTML: a customer's
 * name is input, and input never becomes markup.
 */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface MailContent {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

function layout({ heading, paragraphs, action }: MailContent) {
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#ea580c;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#64748b">If the button does not work, paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0f172a;padding:20px 28px;font-size:20px;font-weight:800;color:#ffffff">Tool<span style="color:#ea580c">shop</span></td></tr>
<tr><td style="padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${button}
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#64748b;border-top:1px solid #e2e8f0">Toolshop · computer repair tools for professionals</td></tr>
</table></td></tr></table></body></html>`;
}

function plainText({ heading, paragraphs, action }: MailContent) {
  return [
    heading,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    '— Toolshop',
  ].join('\n');
}

/** A branded mail: the layout above for HTML, the same lines as its plain-text part. */
export function mail(to: string, subject: string, content: MailContent): OutgoingMail {
  return { to, subject, text: plainText(content), html: layout(content) };
}

/*
 * Account mails go to addresses anyone can type into a form, so they carry no text a stranger chose (not
 * even the name given at sign-up) and state the links' real validity (Better Auth's default: one hour).
 */

export function verificationMail(to: string, url: string): OutgoingMail {
  return mail(to, 'Confirm your e-mail address for Toolshop', {
    heading: 'Welcome to Toolshop',
    paragraphs: [
      'Please confirm that this is your e-mail address: open the link below and enter the password you chose when you signed up. The link is valid for one hour.',
      'If you did not sign up, ignore this mail: no account is opened without the confirmation.',
    ],
    action: { label: 'Confirm my e-mail', url },
  });
}

export function passwordResetMail(to: string, url: string): OutgoingMail {
  return mail(to, 'Reset your Toolshop password', {
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your Toolshop account. If it was you, choose a new password with the link below; it is valid for one hour.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
  });
}

export function existingAccountMail(to: string, resetUrl: string): OutgoingMail {
  return mail(to, 'Someone tried to sign up to Toolshop with your address', {
    heading: 'You already have an account',
    paragraphs: [
      'Someone tried to sign up to Toolshop with this e-mail address, which already has an account. If it was you, sign in instead, or choose a new password if you forgot it.',
      'If it was not you, ignore this mail: your account is unchanged.',
    ],
    action: { label: 'Choose a new password', url: resetUrl },
  });
}

export interface ReceiptDetails {
  orderId: string;
  name: string;
  tool: string;
  /** Each line: its units, tool and unit price. */
  lines: { quantity: number; tool: string; unitPrice: string }[];
  total: string;
  transactionId: string;
}

export function receiptMail(to: string, order: ReceiptDetails, ordersUrl: string): OutgoingMail {
  return mail(to, `Your Toolshop receipt for ${order.tool}`, {
    heading: `Thank you, ${order.name}`,
    paragraphs: [
      `We received your payment of ${order.total} for ${order.lines.map((line) => `${line.quantity} × ${line.tool} at ${line.unitPrice} each`).join(', ')}.`,
      `Order: ${order.orderId}. Transaction: ${order.transactionId}.`,
      'We will let you know when it ships.',
    ],
    action: { label: 'See my orders', url: ordersUrl },
  });
}
