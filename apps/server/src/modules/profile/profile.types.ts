/** A profile as the API returns it (see API-CONTRACT.md). */
export interface Profile {
  id: string;
  email: string;
  full_name: string;
  avatar_url: string | null;
  is_admin: boolean;
  is_premium: boolean;
  created_at: string;
  updated_at: string;
}

export interface NewProfile {
  id: string;
  email: string;
  full_name: string;
  avatar_url: string | null;
  is_admin: boolean;
  locale: string;
}

export interface ProfilePage {
  items: Profile[];
  total: number;
  page: number;
  pageSize: number;
}
