/**
 * Every user-facing sentence that SPEC.md or DECISIONS.md quotes, defined once.
 * The browser shows them, the server sends them, and tests assert them through these constants.
 */
export const MESSAGES = {
  // Guards and pages
  loading: 'Loading...',
  accessDenied: "Access Denied: Sorry, you don't have permission to access this page.",

  // Login (SPEC 5, 8)
  fillAllFields: 'Please fill in all fields',
  userNotFound: 'No account exists with this email.',
  wrongPassword: 'Incorrect password.',
  invalidEmail: 'Invalid email address.',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  signInFailed: 'Failed to sign in. Please try again.',
  accountDisabled: 'This account is disabled. Contact an administrator.',

  // Sign up (SPEC 5, 8)
  enterName: 'Please enter your name',
  enterEmail: 'Please enter your email',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  emailInUse: 'An account with this email already exists.',
  weakPassword: 'Password is too weak. Please use at least 6 characters.',
  signUpFailed: 'Failed to create account. Please try again.',
  firstAccountBecomesAdmin: 'No administrator exists yet: the first account created becomes the administrator.',

  // Password reset (SPEC 8, DECISIONS 6)
  resetEmailSent: 'Check your inbox for further instructions',
  resetFailed: 'Failed to reset password. Please check your email address.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  passwordChanged: 'Your password has been changed. You can sign in now.',

  // Session and settings
  logoutFailed: 'Failed to log out',

  // Savings (SPEC 6)
  savingsNotAuthorized: 'You are not authorized to access the savings feature.',

  // Generic server answers (not in SPEC; see docs/decisions/0004-api-errors.md)
  signInRequired: 'Please sign in to continue.',
  forbidden: "Sorry, you don't have permission to do this.",
  notFound: 'Not found.',
  crossSiteRequest: 'This request did not come from Kobo and was refused.',
  invalidRequest: 'The request is not valid.',
  serverError: 'Something went wrong. Please try again.',

  // Savings ledger and staff accounts (SPEC 5, 8; issue 4). savingsNotAuthorized is above.
  enterValidAmount: 'Please enter a valid amount',
  selectStaffMember: 'Please select a staff member',
  insufficientBalanceForWithdrawal: 'Insufficient balance for withdrawal',
  selectTransferRecipient: 'Please select a staff member to transfer to',
  transferExceedsBalance: 'Transfer amount exceeds available balance',
  invalidTransferDetails: 'Invalid transfer details',
  insufficientBalanceForTransfer: 'Insufficient balance for transfer',
  staffEmailInUse: 'This email is already registered. Please use a different email address.',
  staffInvalidEmail: 'Please enter a valid email address.',
  staffWeakPassword: 'Password should be at least 6 characters long.',
  staffNetworkError: 'Network error. Please check your internet connection.',
  staffTooManyAttempts: 'Too many attempts. Please try again later.',
  createStaffFailed: 'Failed to create staff account. Please try again.',
  staffIdFailed: 'Failed to generate staff ID',
  noSavingsAccount: 'No savings account found',
  loadSavingsFailed: 'Failed to load savings data',
  loadStaffSavingsDetailFailed: 'Failed to load staff savings detail',
  processTransactionFailed: 'Failed to process transaction',
  processTransferFailed: 'Failed to process transfer',
  loadStaffListFailed: 'Failed to load staff list',
  loadTransactionHistoryFailed: 'Failed to load transaction history',
  noTransactionsFound: 'No transactions found',
  // Not in SPEC: written in the same voice (docs/decisions/007-savings-api.md).
  staffNameRequired: 'Please enter the full name',
  staffInvalidPhone: 'Please enter a valid phone number',
  chooseTransactionType: 'Please choose deposit or withdrawal',
  idempotencyKeyReused: 'This request was already made with different details. Start a new one.',
  // A statement's range uses the report screen's sentences (SPEC 5 "Report").
  statementDatesRequired: 'Please select both start and end dates',
  statementEndBeforeStart: 'End date cannot be before start date',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',

  // Expenses and categories (SPEC 5, 8, 9; issue 3), in SPEC order.
  fillRequiredFields: 'Please fill in all required fields',
  itemNameRequired: 'Item name is required',
  itemNameExists: 'An item with this name already exists.',
  categoryInUse: 'Cannot delete item because it has expenses attached.',
  selectBothDates: 'Please select both start and end dates',
  endBeforeStart: 'End date cannot be before start date',
  onlyAdminsDeleteExpenses: 'Only administrators can delete expenses',
  expenseAdded: 'Expense added successfully!',
  expenseDeleted: 'Expense deleted successfully!',
  errorLoadingExpenses: 'Error loading expenses',
  errorLoadingCategories: 'Error loading categories',
  loadCategoriesFailed: 'Failed to load categories',
  loadExpensesFailed: 'Failed to load expenses',
  addExpenseFailed: 'Failed to add expense',
  deleteExpenseFailed: 'Failed to delete expense',
  deleteItemFailed: 'Failed to delete item. Please try again.',
  addItemFailed: 'Failed to add item. Please try again.',
  exportFailed: 'Failed to export data. Please try again.',
  deleteAccountFailed: 'Failed to delete account. Please try again.',
  confirmDeleteItem: 'Are you sure you want to delete this item?',
  confirmDeleteAccount: 'Are you sure you want to delete your account? This action cannot be undone.',
  confirmDeleteExpense: 'Are you sure you want to delete this expense?',
  unknownUser: 'Unknown User',
  savingsBalanceNotZero: 'Savings balance must be zero before this account can be deleted.',
  // Not in SPEC: written in the same voice (docs/decisions/008-expenses-api.md).
  expenseUpdated: 'Expense updated successfully!',
  invalidExpenseAmount: 'Amount must be 0 or more, with at most two decimals',
  expenseAmountTooLarge: 'Amount cannot be more than ₦1,000,000,000,000.00',
  invalidDate: 'Please enter a valid date',
  categoryNotFound: 'Please choose an item from the list',
  itemNameTooLong: 'Item name must be at most 60 characters',
  invalidCategoryColor: 'Please choose a colour like #4ECDC4',
  invalidCategoryIcon: 'Please choose one of the icons',
  descriptionTooLong: 'Description must be at most 1000 characters',
  titleTooLong: 'Title must be at most 200 characters',
  paymentMethodTooLong: 'Payment method must be at most 40 characters',
  exportTooLarge: 'This export has more rows than a spreadsheet can hold (1,048,575). Choose a shorter date range.',
  lastAdminCannotLeave: 'You are the last active administrator, so this account cannot be deleted.',
  confirmAccountDeletion: 'Please confirm that you want to delete your account.',

  // User management (SPEC 5 "Add user", SPEC 8 "Users", DECISIONS 4, 7; issue 5), in SPEC order.
  addUserEmailRequired: 'Email is required',
  addUserNameRequired: 'Name is required',
  addUserPasswordRequired: 'Password is required',
  addUserRoleRequired: 'Role is required',
  emailAndPasswordRequired: 'Email and password are required',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotDeleteOwnAccount: 'You cannot delete your own account',
  fetchUsersFailed: 'Failed to fetch users',
  updateUserRoleFailed: 'Failed to update user role',
  deleteUserFailed: 'Failed to delete user',
  addUserEmailInUse: 'An account with this email already exists',
  addUserInvalidEmail: 'Invalid email address',
  addUserWeakPassword: 'Password is too weak. It must be at least 6 characters',
  addUserFailed: 'Failed to add user',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  // Not in SPEC: written in the same voice (docs/decisions/011-people-and-audit.md).
  addUserInvalidRole: 'Please choose a role from the list',
  userAdded: 'User added successfully!',
  userRoleUpdated: 'Role updated successfully!',
  userDeleted: 'User deleted successfully!',
  userDeactivated: 'Account deactivated. Their open sessions have ended.',
  userReactivated: 'Account reactivated.',
  cannotDeactivateOwnAccount: 'You cannot deactivate your own account',
  lastActiveAdmin: 'The last active administrator cannot be removed, demoted or deactivated.',
  adminWithSavings: 'Savings balance must be zero before this person can become an administrator.',
  updateUserStatusFailed: 'Failed to update account status',
  confirmDeactivateUser: 'Deactivate this account? Their open sessions end at once and they cannot sign in until reactivated.',
  noUsersFound: 'No users found',
  loadAuditFailed: 'Failed to load the audit log',
  noAuditEntries: 'No audit entries found',

  // Savings screens (issue 4). Not in SPEC: written in the same voice (docs/decisions/010-savings-screens.md).
  transactionProcessed: 'Transaction processed successfully!',
  transferProcessed: 'Transfer processed successfully!',
  staffCreated: 'Staff account created successfully!',
  noStaffFound: 'No staff found',

  // Expense screens (issue 3). Not in SPEC: written in the same voice (docs/decisions/009-expenses-screens.md).
  noExpensesFound: 'No expenses found',
  noExpensesInPeriod: 'No expenses in this period',
  noItemsFound: 'No items found',
  itemAdded: 'Item added successfully!',
  itemDeleted: 'Item deleted successfully!',
  exportDownloaded: 'Export complete. Check your downloads.',
  updateExpenseFailed: 'Failed to update expense',
} as const;

export type MessageKey = keyof typeof MESSAGES;
