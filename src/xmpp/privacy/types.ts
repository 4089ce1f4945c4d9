/** Privacy-list values of docs/wire/hosted-chat.md §18. */

export interface PrivacyListItem {
  user_id: number;
  action: 'deny' | 'allow';
  /** Deny everything both ways (an empty XEP-0016 item). */
  mutualBlock?: boolean;
}

export interface PrivacyList {
  name: string;
  items: PrivacyListItem[];
}

export interface PrivacyListNames {
  default: string | null;
  active: string | null;
  names: string[];
}
