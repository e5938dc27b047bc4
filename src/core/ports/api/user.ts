import type { Account, UserInfo } from '../../model/user';
import type { LanguagePreference } from '../../model/language';
import type { ApiCall } from '../errors';
import type { Confirmation } from './types';

/** users/update takes either a key/val pair (device tokens, or one field) or the fields themselves (bookings §7). */
export type UserUpdate =
  | { readonly key: 'device_token' | 'remove_device_token' | 'first_name' | 'last_name' | 'language_preference'; readonly val: string }
  | {
      readonly first_name?: string;
      readonly last_name?: string;
      readonly language_preference?: LanguagePreference;
    };

/** POST user/screen-view body: the screen's name and the route it was shown at. */
export interface ScreenView {
  readonly screen: string;
  readonly path?: string;
}

/** The user tag: GET user, GET user/accounts, PUT users/password/update, PUT users/update, POST user/screen-view. */
export interface UserApi {
  getUser(): ApiCall<UserInfo>;
  getAccounts(): ApiCall<readonly Account[]>;
  /** 'Password updated!' */
  updatePassword(input: { readonly password: string; readonly oldPassword?: string }): ApiCall<Confirmation>;
  update(change: UserUpdate): ApiCall<UserInfo>;
  screenView(view: ScreenView): ApiCall<void>;
}
