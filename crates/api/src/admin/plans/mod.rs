//! The plan catalogue for operators (`/api/admin/plans`, docs/admin-api/plans.md): every plan,
//! inactive ones too; create, edit, and delete (a plan ever sold is deactivated instead).

mod edit;
mod form;
mod routes;
mod view;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(routes::list_plans)
        .service(routes::create_plan)
        .service(edit::update_plan)
        .service(edit::delete_plan);
}
