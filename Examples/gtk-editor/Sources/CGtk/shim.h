// GTK 4 for Swift: the headers, plus non-variadic wrappers for the variadic GObject calls Swift cannot make.
#include <gtk/gtk.h>

static inline void fc_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

static inline void fc_object_set_int(gpointer object, const char *property, int value) {
    g_object_set(object, property, value, NULL);
}

static inline void fc_object_set_double(gpointer object, const char *property, double value) {
    g_object_set(object, property, value, NULL);
}

static inline void fc_object_set_boolean(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

/// A modal message dialog with one OK button (GtkMessageDialog's constructor is variadic).
static inline GtkWidget *fc_message_dialog_new(GtkWindow *parent, GtkMessageType type, const char *message) {
    return gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, type, GTK_BUTTONS_OK, "%s", message);
}
