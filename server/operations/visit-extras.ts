import { defineOperation, type OperationModule } from './define';

/**
 * After the visit (issue 9): the customer's review (POST review, once, complete visits only; GET review of a
 * visit) and support's list of every visit photo (GET admin/appointment-images). Ownership is the services'.
 */
export const operations: OperationModule = [
  defineOperation('createReview', {
    access: ['customer'],
    handler: async ({ auth, body, services, reply }) => {
      const review = await services.reviews.create(auth, body);
      void reply.code(201);
      return review;
    },
  }),
  defineOperation('getAppointmentReview', {
    access: ['super', 'admin', 'customer', 'vendor', 'organization'],
    handler: async ({ auth, query, services }) => ({ review: await services.reviews.ofAppointment(auth, query.appointment_id) }),
  }),
  defineOperation('listAppointmentImages', {
    access: ['super', 'admin'],
    handler: async ({ auth, query, services }) => services.visitPhotos.adminList(auth, query),
  }),
];
