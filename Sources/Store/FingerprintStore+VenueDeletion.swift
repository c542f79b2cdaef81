extension FingerprintStore {
  /// The statements that remove what is kept for venue `$1` besides its row, children first
  /// (the same SQL for SQLite, with `?` for `$1`, and PostgreSQL).
  static var venueDeletion: [String] {
    [
      "DELETE FROM session_snapshot WHERE session IN (SELECT id FROM tracking_session WHERE venue = $1)",
      "DELETE FROM session_batch WHERE session IN (SELECT id FROM tracking_session WHERE venue = $1)",
      "DELETE FROM tracking_session WHERE venue = $1",
      "DELETE FROM map_job WHERE venue = $1",
      "DELETE FROM radio_map_file WHERE venue = $1",
      "DELETE FROM radio_map WHERE venue = $1",
      "DELETE FROM survey_record WHERE venue = $1",
    ]
  }
}
