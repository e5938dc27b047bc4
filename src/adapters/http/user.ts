import * as Schema from 'effect/Schema';
import type { UserApi } from '../../core/ports/api/user';
import { Account, UserInfo } from '../../core/model/user';
import { MessageBody } from '../../core/model/common';
import { body, call, nothing } from './call';
import type { HttpClient } from './client';

/** The user tag: the signed-in user, their accounts, password and profile changes, screen views. */
export const userApi = ({ client }: HttpClient): UserApi => ({
  getUser: () => call((signal) => client.GET('/user', { signal }), body(UserInfo)),
  getAccounts: () => call((signal) => client.GET('/user/accounts', { signal }), body(Schema.Array(Account))),
  updatePassword: (input) => call((signal) => client.PUT('/users/password/update', { body: input, signal }), body(MessageBody)),
  update: (change) => call((signal) => client.PUT('/users/update', { body: change, signal }), body(UserInfo)),
  screenView: (view) => call((signal) => client.POST('/user/screen-view', { body: view, signal }), nothing),
});
